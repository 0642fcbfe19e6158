import 'superdoc/style.css';
import { useEffect, useRef } from 'react';
import { SuperDoc } from 'superdoc';

export interface EditorHandle {
  /** The document as DOCX, as it stands now. */
  exportDocx(): Promise<Blob>;
  /** Types `text` at the cursor (a template field's placeholder); false when the editor refused it. */
  insertText(text: string): boolean;
}

const INSERT_TEXT = 'sinetti.insertText';

/**
 * SuperDoc (docs/decisions.md "The browser DOCX editor") on one DOCX: its toolbar and pages. It edits the
 * file's XML itself, so what is not touched stays as it was. Telemetry off: nothing leaves for its vendor.
 */
export function DocxEditor({
  file,
  user,
  onReady,
  onChange,
  onFailure,
}: {
  file: Blob;
  user: { name: string; email: string };
  onReady: (handle: EditorHandle) => void;
  onChange: () => void;
  onFailure: (error: unknown) => void;
}) {
  const toolbar = useRef<HTMLDivElement>(null);
  const pages = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onReady, onChange, onFailure });
  callbacks.current = { onReady, onChange, onFailure };

  useEffect(() => {
    if (!toolbar.current || !pages.current) return;
    const editor = new SuperDoc({
      selector: pages.current,
      toolbar: toolbar.current,
      document: new File([file], 'document.docx', { type: file.type }),
      documentMode: 'editing',
      user,
      telemetry: { enabled: false },
      onReady: () => {
        // Through SuperDoc's public UI controller: its insertText writes at the selection via the Document API.
        editor.ui.commands.register<string>({
          id: INSERT_TEXT,
          execute: (context) => context.insertText(context.payload ?? ''),
        });
        callbacks.current.onReady({
          exportDocx: () => editor.export({ exportType: ['docx'], triggerDownload: false }),
          insertText: (text) => editor.ui.commands.execute(INSERT_TEXT, text) !== false,
        });
      },
      onEditorUpdate: () => callbacks.current.onChange(),
      onException: ({ error }: { error: unknown }) => callbacks.current.onFailure(error),
    } as ConstructorParameters<typeof SuperDoc>[0]);
    return () => editor.destroy();
    // One editor per file; the user does not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);

  return (
    <div className="sinetti-docx-editor">
      <div ref={toolbar} data-testid="editor-toolbar" />
      <div ref={pages} data-testid="editor-pages" />
    </div>
  );
}
