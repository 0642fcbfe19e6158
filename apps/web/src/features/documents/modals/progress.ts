/** Progress bar values of the create and upload steps (SPEC §9). */
export const CREATE_PROGRESS = { name: 33, create: 67, complete: 100 } as const;
export const UPLOAD_PROGRESS = { file: 20, type: 40, name: 60, upload: 80, complete: 100 } as const;
