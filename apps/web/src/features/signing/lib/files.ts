/** Saves a data URL (a download reply's `source`) as a file with `name`. */
export function saveDataUrl(source: string, name: string): void {
  const comma = source.indexOf(',');
  const header = source.slice(5, comma);
  const type = header.split(';')[0] || 'application/octet-stream';
  const binary = atob(source.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
