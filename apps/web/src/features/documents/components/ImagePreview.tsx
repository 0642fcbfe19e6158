import { useCallback } from 'react';
import { Center, Paper } from '@mantine/core';
import { base64ToBytes } from '../lib/content';

/** An image shown from its content through a blob URL, released when the image goes. */
export function ImagePreview({ data, mimeType, name }: { data: string; mimeType: string; name: string }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(new Blob([base64ToBytes(data)], { type: mimeType }));
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [data, mimeType],
  );
  return (
    <Paper bg="gray.1" p="md" radius="md" data-testid="image-preview">
      <Center>
        <img ref={attach} alt={name} style={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain' }} />
      </Center>
    </Paper>
  );
}
