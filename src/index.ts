import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.text("urltree-clean-text\n"));

export default app;
