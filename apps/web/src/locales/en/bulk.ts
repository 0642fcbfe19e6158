import bulk from './bulk.json';

/** English: bulk send from a template (issue #33 item 4); one chunk, loaded when its dialog first shows (../load.ts). */
export default { bulk } as const;
