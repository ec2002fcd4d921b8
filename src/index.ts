// Worker entry: the HTTP app and the Durable Object class the runtime must find by name.
import { createApp } from "./http/app";

export { DomainTree } from "./store/domain-tree";
export default createApp();
