/** Thrown by data access when a `notion_*` table does not exist yet; the response layer turns it into a 503. */
export class NotSyncedError extends Error {
  constructor(readonly databaseTitle: string) {
    super(`${databaseTitle} has not been synced yet`);
    this.name = "NotSyncedError";
  }
}
