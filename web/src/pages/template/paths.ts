/** Where the library's screens live (spec 000 section 2); the builder opens a saved template by `?id=`. */
export const LIBRARY_PATH = '/library/message';
export const BUILDER_PATH = '/library/message/template';
export const builderPath = (id?: string) => (id ? `${BUILDER_PATH}?id=${encodeURIComponent(id)}` : BUILDER_PATH);
