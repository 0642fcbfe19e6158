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

export { base64ToBytes } from '../../../lib/base64';
