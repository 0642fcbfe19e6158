import { useState, type DragEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Button,
  Container,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { errorText } from '../../lib/errors';
import { systemConfigQuery } from '../../lib/system-config';
import { verifyFile } from './api';
import { ReportView } from '../../components/verification/ReportView';

/** /verify: anyone drops a signed PDF and sees its verification report (the file is not stored). */
export function VerifyPage() {
  const { t } = useTranslation(['verify', 'auth']);
  useDocumentTitle(`${t('title')} · Sinetti`);
  const [dragging, setDragging] = useState(false);
  const config = useQuery(systemConfigQuery);
  const maxBytes = config.data?.verifyMaxBytes;
  const check = useMutation({ mutationFn: (file: File) => verifyFile(file, maxBytes) });
  const choose = (file: File | null) => {
    if (file) check.mutate(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  };
  return (
    <Container size={760} py={{ base: 'md', sm: 48 }} px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('title')}
          </Title>
          <LanguageSwitch label={t('language.label', { ns: 'auth' })} />
        </Group>
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          style={{ borderStyle: 'dashed', borderWidth: 2 }}
          bg={dragging ? 'var(--mantine-color-blue-light)' : undefined}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
        >
          <Stack align="center" gap="sm">
            <Text ta="center">{t('intro')}</Text>
            <FileButton onChange={choose} accept="application/pdf,.pdf">
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconFileUpload size={16} aria-hidden />}
                  loading={check.isPending}
                >
                  {check.isSuccess || check.isError ? t('another') : t('choose')}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {t('dropHint')}
            </Text>
          </Stack>
        </Paper>
        {check.isPending && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('checking')}</Text>
          </Group>
        )}
        {check.isError && (
          <Alert color="red" role="alert">
            {errorText(check.error)}
          </Alert>
        )}
        {check.data && !check.isPending && <ReportView report={check.data} />}
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('trustTitle')}
          </Title>
          <Anchor href="/api/pki/ca.crt" download="sinetti-ca.crt">
            <Group gap={6} component="span">
              <IconDownload size={16} aria-hidden />
              {t('downloadCa')}
            </Group>
          </Anchor>
          <Text size="sm">{t('trustHelp')}</Text>
        </Stack>
      </Stack>
    </Container>
  );
}
