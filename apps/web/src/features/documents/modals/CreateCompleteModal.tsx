import { useTranslation } from 'react-i18next';
import type { ModalComponentProps } from '../../../components/modals';
import { CompleteModal } from './CompleteModal';
import { CREATE_PROGRESS } from './progress';

/** Where a new item opens (SPEC §4.3): a folder as a listing, anything else as a document. */
export function pathOfNew(type: string, id: string): string {
  return type === 'folder' ? `/documents/${id}` : `/document/${id}`;
}

/** document-create-complete (SPEC §4.3): 100%, and an open button. */
export function CreateCompleteModal({
  props,
  opened,
  close,
}: ModalComponentProps<'document-create-complete'>) {
  const { t } = useTranslation('documents');
  return (
    <CompleteModal
      opened={opened}
      close={close}
      title={t(`create.complete.${props.type}`)}
      text={t('create.completeText', { name: props.name })}
      progress={CREATE_PROGRESS.complete}
      path={pathOfNew(props.type, props.id)}
    />
  );
}
