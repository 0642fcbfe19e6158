// The page the DOCX fidelity bench drives in Chromium: SuperDoc opens a DOCX and exports it again, unchanged
// by anyone, as the editor's save would. Telemetry off (SuperDoc reports usage to its vendor by default).
import 'superdoc/style.css';
import { SuperDoc, type Config } from 'superdoc';

function fromBase64(b64: string): Uint8Array {
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

async function roundTrip(b64: string): Promise<{ b64: string; readyMs: number }> {
  const host = document.getElementById('editor-host') as HTMLElement;
  host.innerHTML = '<div id="editor"></div>';
  const file = new File([fromBase64(b64) as BlobPart], 'in.docx', {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });
  const started = performance.now();
  const editor = await new Promise<SuperDoc>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('SuperDoc was not ready in 60 s')), 60_000);
    const config: Config = {
      selector: '#editor',
      document: file,
      documentMode: 'editing',
      telemetry: { enabled: false },
      onReady: ({ superdoc }) => {
        clearTimeout(timer);
        resolve(superdoc);
      },
      onException: ({ error }) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    };
    new SuperDoc(config);
  });
  const readyMs = Math.round(performance.now() - started);
  const blob = await editor.export({ exportType: ['docx'], triggerDownload: false });
  const out = new Uint8Array(await blob.arrayBuffer());
  editor.destroy();
  return { b64: toBase64(out), readyMs };
}

Object.assign(window, { roundTrip, harnessReady: true });
