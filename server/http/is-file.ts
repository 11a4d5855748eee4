/** Whether `file` is a regular file (false for a folder or a missing path): what dist/ serving asks. */
import { stat } from 'node:fs/promises';

export async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
