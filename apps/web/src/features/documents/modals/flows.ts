import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { UploadType } from '@sinetti/contract';
import { modalStore } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { errorText, hasReason } from '../../../lib/errors';
import { refreshDocuments } from '../api/keys';
import { createDocument, type CreateInput } from '../api/mutations';
import { uploadDocument } from '../api/files';

/**
 * Create (SPEC §4.3): name (33%) → create (67%) → complete (100%) with an open button. A failure shows
 * the per-type toast (SPEC §8) and closes the progress.
 */
export async function runCreate(
  input: CreateInput,
  { queryClient, t }: { queryClient: QueryClient; t: TFunction<'documents'> },
): Promise<void> {
  modalStore.close(input.templateId ? 'document-create-from-template' : 'document-create-name');
  modalStore.open('document-create-progress', { type: input.type });
  try {
    const id = await createDocument(input);
    void refreshDocuments(queryClient);
    modalStore.close('document-create-progress');
    modalStore.open('document-create-complete', { type: input.type, id, name: input.name });
  } catch (err) {
    modalStore.close('document-create-progress');
    const failed = t(input.templateId ? 'create.failed.fromTemplate' : `create.failed.${input.type}`);
    const explained = hasReason(
      err,
      'TEMPLATE_INVALID',
      'TEMPLATE_VALUES_INVALID',
      'TEMPLATE_SIGNEES_INVALID',
      'SIGNEE_ALREADY_ADDED',
      'NOT_CONVERTIBLE',
      'COPY_TOO_LARGE',
    );
    showError(explained ? errorText(err) : failed);
  }
}

/** The upload under way (one at a time: its progress dialog is modal). */
let running: AbortController | null = null;

/** Stops the upload under way; its progress dialog closes and nothing is saved. */
export function cancelUpload(): void {
  running?.abort();
}

/**
 * Upload (SPEC §4.3): the progress dialog (80%) shows the percentage of bytes sent and can cancel the
 * upload, then complete (100%) or failed. The new document is added to the lists.
 */
export async function runUpload(
  input: { file: File; type: UploadType; name: string; parent: string | null },
  { queryClient }: { queryClient: QueryClient },
): Promise<void> {
  modalStore.close('document-upload-name');
  modalStore.open('document-upload-progress', { name: input.name, percent: 0 });
  const controller = new AbortController();
  running = controller;
  try {
    const document = await uploadDocument({
      ...input,
      signal: controller.signal,
      onProgress: (percent) => {
        if (modalStore.isOpen('document-upload-progress')) {
          modalStore.open('document-upload-progress', { name: input.name, percent });
        }
      },
    });
    void refreshDocuments(queryClient);
    modalStore.close('document-upload-progress');
    modalStore.open('document-upload-complete', { document });
  } catch (err) {
    modalStore.close('document-upload-progress');
    if (controller.signal.aborted) return;
    modalStore.open(
      'document-upload-failed',
      err instanceof ApiError ? { code: err.code, reason: err.reason } : {},
    );
  } finally {
    if (running === controller) running = null;
  }
}
