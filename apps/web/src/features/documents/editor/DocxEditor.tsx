import 'superdoc/style.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SuperDoc, type Config } from 'superdoc';
import { keepAccessible } from './accessibility';
import { DOCX_MIME } from './api';

export interface EditorHandle {
  /** The document as DOCX, as it stands now. */
  exportDocx(): Promise<Blob>;
  /** Types `text` at the cursor (a template field's placeholder); false when the editor refused it. */
  insertText(text: string): boolean;
}

/** SuperDoc 1.x finds its toolbar by a selector string, not an element: each editor gets its own id. */
let editors = 0;

/**
 * SuperDoc 1.46.3 (docs/decisions.md "The browser DOCX editor") on one DOCX: its toolbar and pages. It edits
 * the file's XML itself, so what is not touched stays as it was. Telemetry off: nothing leaves for its vendor.
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
  const root = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const pages = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onReady, onChange, onFailure });
  callbacks.current = { onReady, onChange, onFailure };
  const { t } = useTranslation('editor');

  useEffect(() => {
    if (!root.current || !toolbar.current || !pages.current) return;
    const repairs = keepAccessible(root.current);
    toolbar.current.id = `sinetti-docx-toolbar-${++editors}`;
    const config: Config = {
      selector: pages.current,
      toolbar: `#${toolbar.current.id}`,
      // Typed as DOCX whatever the download or the draft store said: SuperDoc exports only what it typed so.
      document: new File([file], 'document.docx', { type: DOCX_MIME }),
      documentMode: 'editing',
      user,
      // SuperDoc's toolbar texts are English built-ins (its mode label said "Editing" in the Finnish editor,
      // issue #31 item 3): every one comes from our catalogues, in the language shown.
      toolbarTexts: t('toolbar', { returnObjects: true }),
      telemetry: { enabled: false },
      onReady: ({ superdoc }) => {
        callbacks.current.onReady({
          exportDocx: () => superdoc.export({ exportType: ['docx'], triggerDownload: false }),
          // The body's (or the focused header's) editor keeps its selection while the Insert field panel has
          // the focus: a text object is written there as plain text with the marks at the cursor.
          insertText: (text) => superdoc.activeEditor?.commands.insertContent({ text }) === true,
        });
      },
      onEditorCreate: ({ editor }) => {
        if (editor.view) repairs.watch(editor.view.dom);
      },
      onEditorUpdate: () => callbacks.current.onChange(),
      onException: ({ error }) => callbacks.current.onFailure(error),
    };
    const editor = new SuperDoc(config);
    return () => {
      editor.destroy();
      repairs.stop();
    };
    // One editor per file; the user does not change while it is open, and a language switch keeps the
    // open editor (and its unsaved edits) with the toolbar texts it started with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);

  return (
    <div className="sinetti-docx-editor" ref={root}>
      <div ref={toolbar} data-testid="editor-toolbar" />
      <div ref={pages} data-testid="editor-pages" />
    </div>
  );
}
