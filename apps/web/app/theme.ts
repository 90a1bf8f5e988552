import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** A warm pink leaning to violet: the brand color of buttons, links and highlights. */
const brand: MantineColorsTuple = [
  '#fff0f7',
  '#fcdcec',
  '#f5b5d6',
  '#ee8bbf',
  '#e767ab',
  '#e3509e',
  '#e04397',
  '#c73583',
  '#b22c75',
  '#9c1f66',
];

const fontStack =
  'Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const brandGradient = { from: 'brand.6', to: 'violet.6', deg: 135 } as const;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '700' },
  defaultGradient: brandGradient,
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Select: { defaultProps: { radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true } },
    Notification: { defaultProps: { radius: 'md' } },
  },
});

/** Softer page background in light mode so bordered cards stand out; deep neutral in dark mode. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--app-body-bg': '#f8f7fa', '--app-surface': '#ffffff' },
  dark: { '--app-body-bg': '#121216', '--app-surface': 'var(--mantine-color-dark-7)' },
});
