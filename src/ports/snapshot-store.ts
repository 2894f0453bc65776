import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files that in-memory indexes are saved to, so that a process starts from a snapshot in a second rather
 * than building for many: in `dir` (next to the embedded database by default), or nowhere when `dir` is
 * undefined. A write goes to a temporary file first and is renamed into place, so a reader (another
 * process sharing the directory) sees a whole old file or a whole new one.
 */
export function createSnapshotStore(dir: string | undefined) {
  return {
    async read(name: string): Promise<Buffer | undefined> {
      if (!dir) return undefined;
      try {
        return await readFile(path.join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async write(name: string, bytes: Uint8Array): Promise<void> {
      if (!dir) return;
      await mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `${name}.${process.pid}.${Date.now()}.tmp`);
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, path.join(dir, name));
      } finally {
        await rm(temporary, { force: true });
      }
    },
  };
}

export type SnapshotStore = ReturnType<typeof createSnapshotStore>;
