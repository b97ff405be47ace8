export interface CopyClient {
  query(submittable: unknown): unknown;
}
/** Runs one COPY of `payload` on a connected node-postgres client; rejects when PostgreSQL refuses it. */
export function copyOnClient(client: CopyClient, sql: string, payload: Buffer): Promise<void>;
