import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, FocusTrap, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GUIDE_LAST_STEP, GUIDE_STEPS, P } from '@sinetti/contract';
import { usePhone } from '../../components/ResponsiveTable';
import { usePermissions } from '../../lib/permissions';
import { tourControl } from './control';
import { placePopup, type Placement } from './placement';
import { saveProgress } from './progress';
import { MENU_STEPS, targetOf, visibleSteps } from './steps';
import classes from './tour.module.css';

/** Above the shell, its menus (300) and modals (200). */
const Z = 1000;

/** The highlighted element's box, followed as menus open and the page scrolls or resizes. */
function useTargetRect(selector: string | null): DOMRect | null {
  const [rect, setRect] = useState<DOMRect | null>(null);
  useEffect(() => {
    if (!selector) {
      setRect(null);
      return;
    }
    let frame = 0;
    let last = '';
    const follow = () => {
      const box = document.querySelector(selector)?.getBoundingClientRect() ?? null;
      const key = box ? `${box.x},${box.y},${box.width},${box.height}` : '';
      if (key !== last) {
        last = key;
        setRect(box && box.width > 0 ? box : null);
      }
      frame = requestAnimationFrame(follow);
    };
    follow();
    return () => cancelAnimationFrame(frame);
  }, [selector]);
  return rect;
}

/**
 * The guided dashboard tour (SPEC §2.8): start, select-organization, create-button, the four Create
 * items and end, each a popup to the right of the element it highlights (below it on phones). Next
 * advances one step and saves the progress; skip (or Escape) and done complete the whole guide. The
 * popup keeps the keyboard's focus until then.
 */
export function DashboardTour({
  accountId,
  initialStep,
  onFinish,
}: {
  accountId: string;
  initialStep: number;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const canCreate = usePermissions().can(P.DOCUMENTS_CREATE);
  const phone = usePhone();
  const steps = visibleSteps(canCreate);
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      steps.findIndex((s) => GUIDE_STEPS.indexOf(s) >= initialStep),
    ),
  );
  const step = steps[index] ?? 'end';
  const rect = useTargetRect(targetOf(step));
  const popup = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const titleId = useId();
  const textId = useId();

  // The Create menu is open on its items' steps and closed otherwise; on phones the navigation
  // drawer shows while a step highlights something in it.
  useEffect(() => {
    tourControl.set({
      createMenu: MENU_STEPS.includes(step),
      navigation: phone && targetOf(step) !== null,
    });
  }, [step, phone]);
  useEffect(() => () => tourControl.release(), []);

  useLayoutEffect(() => {
    const height = popup.current?.offsetHeight ?? 0;
    setPlacement(placePopup(rect, height, { width: window.innerWidth, height: window.innerHeight }));
  }, [rect, step]);

  const finish = () => {
    tourControl.release();
    void saveProgress(accountId, 'dashboard', { complete: true, step: GUIDE_LAST_STEP });
    onFinish();
  };
  const next = () => {
    const following = steps[index + 1];
    if (!following) return finish();
    setIndex(index + 1);
    void saveProgress(accountId, 'dashboard', { complete: false, step: GUIDE_STEPS.indexOf(following) });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      finish();
    }
  };

  const last = index === steps.length - 1;
  const items =
    step === 'create-button' ? (t(`tour.steps.${step}.items`, { returnObjects: true }) as string[]) : [];
  return (
    <>
      <div
        className={rect ? classes.blocker : `${classes.blocker} ${classes.dim}`}
        style={{ zIndex: Z }}
        aria-hidden
      />
      {rect && (
        <div
          className={classes.spotlight}
          style={{
            zIndex: Z + 1,
            top: rect.top - 6,
            left: rect.left - 6,
            width: rect.width + 12,
            height: rect.height + 12,
          }}
          aria-hidden
        />
      )}
      <FocusTrap active>
        <Paper
          ref={popup}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={textId}
          shadow="lg"
          radius="md"
          p="md"
          withBorder
          className={classes.popup}
          style={{
            zIndex: Z + 2,
            top: placement?.top ?? 0,
            left: placement?.left ?? 0,
            width: placement?.width,
            visibility: placement ? 'visible' : 'hidden',
          }}
          onKeyDown={onKeyDown}
          data-tour-step={step}
        >
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              {t('tour.progress', { step: index + 1, total: steps.length })}
            </Text>
            <Title order={2} size="h4" id={titleId}>
              {t(`tour.steps.${step}.title`)}
            </Title>
            <div id={textId}>
              <Text size="sm">{t(`tour.steps.${step}.text`)}</Text>
              {items.length > 0 && (
                <List size="sm" mt="xs">
                  {items.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              )}
            </div>
            <Group justify="space-between" mt="xs">
              {last ? (
                <span />
              ) : (
                <Button variant="subtle" color="gray" onClick={finish}>
                  {t('tour.skip')}
                </Button>
              )}
              <Button onClick={last ? finish : next} data-autofocus>
                {last ? t('tour.done') : t('tour.next')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </FocusTrap>
    </>
  );
}
