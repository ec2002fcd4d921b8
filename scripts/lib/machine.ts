/**
 * What a benchmark report says about where it ran. The load average is recorded because timings
 * on a shared machine are only comparable within one run (hence ratios measured in the same run).
 */
import { cpus, loadavg, platform, release, totalmem } from "node:os";

export interface MachineInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGB: number;
  os: string;
  node: string;
  loadAverage: number[];
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    date: new Date().toISOString(),
    cpu: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    memoryGB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${platform()} ${release()}`,
    node: process.version,
    loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

export function machineLine(m: MachineInfo): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, ${m.os}, Node ${m.node}, ${m.date}, load ${m.loadAverage.join("/")}`;
}
