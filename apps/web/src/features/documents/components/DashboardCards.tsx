import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATS_PERIOD_DAYS } from '@sinetti/contract';
import { usePhone } from '../../../components/ResponsiveTable';
import { statsQuery } from '../api/lists';
import { DASHBOARD_CARDS, STATE_COLOR } from '../lib/states';

/**
 * The four state cards of the dashboard (SPEC §2.1): documents per state updated in the last month. A
 * card links to its filtered list only when its count is above 0.
 */
export function DashboardCards() {
  const { t } = useTranslation('documents');
  const stats = useQuery(statsQuery);
  // On a phone the four cards sit two by two, small enough that the recent documents stay in view.
  const phone = usePhone();
  const padding = phone ? 'sm' : 'lg';

  return (
    <SimpleGrid
      cols={{ base: 2, md: 4 }}
      spacing={phone ? 'xs' : 'md'}
      aria-label={t('dashboard.cards')}
      role="list"
    >
      {DASHBOARD_CARDS.map(({ filter, stat }) => {
        const count = stats.data?.[stat];
        const label = t(`dashboard.card.${filter}`);
        const linked = count !== undefined && count > 0;
        const content = (
          <>
            <Text size="sm" fw={600} c={`${STATE_COLOR[filter]}.8`}>
              {label}
            </Text>
            {count === undefined ? (
              <Skeleton h={phone ? 28 : 38} w={60} mt={6} />
            ) : (
              <Text fz={phone ? 26 : 36} fw={700} lh={1.2} data-testid={`card-count-${filter}`}>
                {count}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('dashboard.period', { days: STATS_PERIOD_DAYS })}
            </Text>
          </>
        );
        return (
          <div role="listitem" key={filter}>
            {linked ? (
              <Card
                component={Link}
                to={`/filtered/${filter}`}
                withBorder
                radius="md"
                padding={padding}
                data-testid={`card-${filter}`}
              >
                {content}
              </Card>
            ) : (
              <Card withBorder radius="md" padding={padding} data-testid={`card-${filter}`}>
                {content}
              </Card>
            )}
          </div>
        );
      })}
    </SimpleGrid>
  );
}
