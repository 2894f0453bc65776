import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Pieces handed to one writev (the system takes at most 1,024). */
const WRITE_BATCH = 512;

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
    /** Writes the pieces one after another as the file's whole content. */
    async write(name: string, pieces: readonly Uint8Array[]): Promise<void> {
      if (!dir) return;
      await mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `${name}.${process.pid}.${Date.now()}.tmp`);
      try {
        const file = await open(temporary, 'w');
        try {
          for (let i = 0; i < pieces.length; i += WRITE_BATCH)
            await file.writev(pieces.slice(i, i + WRITE_BATCH));
        } finally {
          await file.close();
        }
        await rename(temporary, path.join(dir, name));
      } finally {
        await rm(temporary, { force: true });
      }
    },
  };
}

export type SnapshotStore = ReturnType<typeof createSnapshotStore>;
