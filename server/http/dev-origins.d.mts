import type { NetworkInterfaceInfo } from "node:os";
export function devOrigins(env?: Record<string, string | undefined>, interfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>): string[];
