import versions from './versions.json';

/** Finnish: dialogs that load on demand (versions); one chunk, loaded when one of them first opens (../load.ts). */
export default { versions } as const;
