/** JSON that is already serialized (stored by the database): written into a reply verbatim. */
export class JsonText {
  constructor(readonly text: string) {}

  /** A JSON array of already serialized items. */
  static array(items: readonly string[]): JsonText {
    return new JsonText(`[${items.join(',')}]`);
  }
}

/**
 * A reply some of whose fields are JsonText: serialized once, here, with those fields spliced in as they
 * are. The route still checks it against the contract outside production (by parsing it back).
 */
export class PreSerializedReply<T> {
  readonly json: string;

  constructor(fields: { [K in keyof T]: T[K] | JsonText }) {
    const parts = Object.entries(fields).map(
      ([key, value]) =>
        `${JSON.stringify(key)}:${value instanceof JsonText ? value.text : JSON.stringify(value)}`,
    );
    this.json = `{${parts.join(',')}}`;
  }
}
