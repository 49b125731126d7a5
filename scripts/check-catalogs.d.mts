/** Every problem of the message catalogs under `root` (the repository); empty when all agree. */
export function checkCatalogs(root: string): string[];
