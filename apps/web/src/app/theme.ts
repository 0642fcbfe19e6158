import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's lighter shades 0-5 with darker 6-9, so that the default shade (7: filled buttons, text
 * in a colour, outlines) reads at 4.5:1 or more on white and on the grey surfaces, with white text
 * on it, and the light variant's text (9) on its tint (1) as well: WCAG 2.2 AA (1.4.3).
 */
function accessible(name: string, dark: [string, string, string, string]): MantineColorsTuple {
  const base = DEFAULT_THEME.colors[name] ?? [];
  return [...base.slice(0, 6), ...dark] as unknown as MantineColorsTuple;
}

/** Secondary text (`c="dimmed"`): Mantine's grey 6 is 3.32:1 on white; this is 6.1:1 (5.1:1 on grey 2). */
export const DIMMED_TEXT = '#5c636a';

/** A calm, professional look: one accent colour, system fonts, soft corners, AA contrast. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  colors: {
    red: accessible('red', ['#e03131', '#c92a2a', '#a61e1e', '#861818']),
    orange: accessible('orange', ['#e8590c', '#b54708', '#933a06', '#7a3005']),
    yellow: accessible('yellow', ['#f59f00', '#8a5a00', '#734b00', '#5c3c00']),
    green: accessible('green', ['#2f9e44', '#237a35', '#1c642b', '#154d21']),
    teal: accessible('teal', ['#0ca678', '#087355', '#065e46', '#054a37']),
    blue: accessible('blue', ['#228be6', '#1864ab', '#145591', '#0f4475']),
    indigo: accessible('indigo', ['#4c6ef5', '#3b5bdb', '#364fc7', '#2b3fa0']),
  },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 200 } },
    // A toast's text under its title is Mantine's grey 6 (3.32:1): the accessible dimmed grey instead.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    // A table wider than the phone scrolls sideways; keyboard users reach it with Tab (WCAG 2.1.1).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/** Theme-wide CSS variables that the palette alone does not set. */
export const cssVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED_TEXT },
  dark: {},
});
