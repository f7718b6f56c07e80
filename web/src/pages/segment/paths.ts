/** Where the segment screens live (spec 000 section 2); the editor opens a saved segment by `?id=`. */
export const SEGMENTS_PATH = '/library/segment';
export const EDITOR_PATH = '/library/segment/create-segment';
export const editorPath = (id?: string) => (id ? `${EDITOR_PATH}?id=${encodeURIComponent(id)}` : EDITOR_PATH);
