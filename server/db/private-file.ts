import { closeSync, openSync } from "node:fs";

/**
 * Creates `file` readable and writable by the server's user only (0600), or leaves an existing
 * file as it is. SQLite files are created this way before SQLite opens them: SQLite gives its
 * -wal and -shm files the database file's permissions.
 */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, "a", 0o600));
}
