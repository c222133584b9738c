/** Escapes LIKE wildcards so user input matches literally ('50%' finds "50%", not "50…"). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
