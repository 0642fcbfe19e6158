import { Group, Text } from '@mantine/core';
import {
  IconFile,
  IconFileCertificate,
  IconFileText,
  IconFolder,
  IconTemplate,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '@sinetti/contract';

const ICONS: Record<DocumentType, Icon> = {
  folder: IconFolder,
  contract: IconFileText,
  'contract-noedit': IconFileCertificate,
  template: IconTemplate,
  file: IconFile,
};

export function TypeIcon({ type, size = 18 }: { type: DocumentType; size?: number }) {
  const Component = ICONS[type];
  return <Component size={size} stroke={1.6} aria-hidden />;
}

/** The type column: icon and the type's name. */
export function TypeLabel({ type }: { type: DocumentType }) {
  const { t } = useTranslation('documents');
  return (
    <Group gap={6} wrap="nowrap">
      <TypeIcon type={type} />
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t(`types.${type}`)}
      </Text>
    </Group>
  );
}
