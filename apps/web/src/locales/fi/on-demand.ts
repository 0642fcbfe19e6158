import editor from './editor.json';
import versions from './versions.json';

/** Finnish: parts loaded on demand (the editor, the versions dialog); one chunk, loaded when one first shows (../load.ts). */
export default { editor, versions } as const;
