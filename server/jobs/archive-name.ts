/** What a file export's archive is called in FILES_DIR and in the download, and how a file there names its export. */

export function archiveFilename(exportId: string): string {
  return `northwave-export-${exportId}.zip`;
}

// archiveFilename's names, and what is written beside one until it is complete (`….zip.partial`, `….zip.directory.partial`).
const ARCHIVE_FILE = /^northwave-export-([A-Za-z0-9]{1,64})\.zip(?:\.[^/]+)?$/;

/** The export a file among the archives belongs to (its archive, or a part of one being written); null for any other file. */
export function exportOfArchiveFile(name: string): string | null {
  return ARCHIVE_FILE.exec(name)?.[1] ?? null;
}
