import { useId, type ReactNode } from 'react';
import { Collapse, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';

/** A titled group of navigation links that folds open and closed (SPEC §2.5). */
export function NavGroup({ title, children }: { title: string; children: ReactNode }) {
  const [opened, { toggle }] = useDisclosure(true);
  const id = useId();
  return (
    <div>
      <UnstyledButton
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={id}
        w="100%"
        px="sm"
        py={6}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {title}
          </Text>
          <IconChevronDown
            size={14}
            aria-hidden
            style={{ transform: opened ? undefined : 'rotate(-90deg)', transition: 'transform 150ms ease' }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} id={id}>
        {children}
      </Collapse>
    </div>
  );
}
