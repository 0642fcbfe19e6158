/** What the preview can show of a content type: a PDF, an image, or nothing (SPEC §2.4). */
export type PreviewKind = 'pdf' | 'image' | 'none';

export function previewKindOf(mimeType: string | null | undefined): PreviewKind {
  const type = (mimeType ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (/^image\/(png|jpeg|gif|webp)$/.test(type)) return 'image';
  return 'none';
}

/** Content is polled only while it can be embedded (SPEC §2.4: polling stops for other types). */
export function isEmbeddable(mimeType: string | null | undefined): boolean {
  return previewKindOf(mimeType) !== 'none';
}

/** base64 (as the content call sends it) to bytes. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
