/** Where a text reference opens and closes: marks no sentence of ours uses (written by say.ts, read by said.ts). */
export const REF_OPEN = '\u27e6';
export const REF_CLOSE = '\u27e7';
