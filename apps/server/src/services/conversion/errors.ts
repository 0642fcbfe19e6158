/** LibreOffice ran to the end but made no output: this input cannot be converted (retrying will not help). */
export class ConversionFailedError extends Error {}

/** The file would expand past the conversion limits (a ZIP bomb, or simply too much): never retried. */
export class ConversionTooLargeError extends ConversionFailedError {}
