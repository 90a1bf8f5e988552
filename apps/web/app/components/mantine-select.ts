// What components/deferred-select.tsx loads when a select is first needed: Mantine's Select with its
// Combobox, Popover and floating-ui.
export { Select } from '@mantine/core';
