import { chmodSync, closeSync, existsSync, openSync } from "node:fs";

// Everything DealDesk writes that holds data (the database and its -wal and -shm, backups, restored
// files, outbox mails, the JWT secret) is readable and writable by the server's user only, whatever
// the umask: password hashes and customers' names, phones and emails are in there.

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Sets `file` to 0600 if it exists. A file owned by another account (an admin's copy) is left as it
 * is: whoever may not change its mode may not write it either, and `dealdesk check` names it.
 */
export function makePrivate(file: string, mode = PRIVATE_FILE_MODE): void {
  if (!existsSync(file)) return;
  try {
    chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
  }
}

/**
 * Creates `file` readable and writable by the server's user only (0600), or makes an existing one
 * so. SQLite files are created this way before SQLite opens them: SQLite gives its -wal and -shm
 * files the database file's permissions.
 */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  // open()'s mode passes through the umask and never changes an existing file's mode.
  makePrivate(file);
}
