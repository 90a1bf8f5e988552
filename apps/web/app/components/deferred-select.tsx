import { ComboboxChevron, InputBase, type SelectProps } from '@mantine/core';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Select as MantineSelect } from './mantine-select';

/*
 * Mantine's Select brings its dropdown machinery along (Combobox, Popover, ScrollArea, FocusTrap and
 * floating-ui: ~30 KB compressed), though a closed select is only an input with a chevron. On the sign-up
 * pages that machinery loads when the person starts on the form (`preloadSelect` on the form's first focus)
 * or reaches for the select itself; until then a look-alike of the closed select stands in, with the same
 * markup (server-rendered), and the real Select takes its place as soon as its code is here.
 */

type SelectComponent = typeof MantineSelect;
let loaded: SelectComponent | null = null;
let loading: Promise<SelectComponent> | null = null;
const listeners = new Set<() => void>();

function load(): Promise<SelectComponent> {
  loading ??= import('./mantine-select').then(
    (m) => {
      loaded = m.Select;
      for (const listener of listeners) listener();
      return m.Select;
    },
    (err: unknown) => {
      loading = null; // a network blip: the next reach for a select tries again
      throw err;
    },
  );
  return loading;
}

/** Starts loading the select code (call it when the person starts on a form with a DeferredSelect). */
export function preloadSelect(): void {
  load().catch(() => {
    // Only a head start: the select itself asks again when the person reaches for it.
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A Mantine Select (controlled: `value` and `onChange`) whose code loads on first use; see above. */
export function DeferredSelect(props: SelectProps) {
  // The server and the hydrating browser both render the stand-in (no select code there yet).
  const Select = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const standIn = useRef<HTMLInputElement>(null);
  const hadFocus = useRef(false);
  const select = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The person was on the stand-in when the real select came: it keeps their focus.
    if (Select && hadFocus.current) select.current?.focus();
  }, [Select]);

  if (Select) {
    return <Select {...props} ref={select} defaultDropdownOpened={openOnArrival || undefined} />;
  }

  const reach = (open: boolean) => {
    if (open) setOpenOnArrival(true);
    preloadSelect();
  };
  const { searchable, error, size = 'sm', name, form } = props;
  const inputProps = withoutSelectProps(props);
  const label = selectedLabel(props);
  return (
    <>
      <InputBase
        {...inputProps}
        ref={standIn}
        __staticSelector="Select"
        size={size}
        error={error}
        value={label}
        onChange={() => undefined}
        readOnly={props.readOnly || !searchable}
        pointer={!searchable}
        rightSection={<ComboboxChevron size={size} error={error} />}
        rightSectionPointerEvents="none"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
        onFocus={(event) => {
          hadFocus.current = true;
          reach(Boolean(searchable));
          props.onFocus?.(event);
        }}
        onBlur={(event) => {
          hadFocus.current = false;
          props.onBlur?.(event);
        }}
        onPointerEnter={() => reach(false)}
        onClick={() => reach(true)}
        onKeyDown={(event) => {
          if (['ArrowDown', 'ArrowUp', 'Enter', 'Space'].includes(event.nativeEvent.code)) {
            event.preventDefault();
            reach(true);
          }
        }}
      />
      <input type="hidden" value={props.value ?? ''} name={name} form={form} disabled={props.disabled} />
    </>
  );
}

/** The label the select shows for its value (the sign-up forms start empty). */
function selectedLabel({ data, value }: SelectProps): string {
  if (value == null) return '';
  for (const item of data ?? []) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if ('value' in item && item.value === value) return item.label;
  }
  return value;
}

/** The props that the Select keeps to itself (the rest go to its input, as they do here). */
function withoutSelectProps(props: SelectProps) {
  const {
    dropdownOpened: _dropdownOpened,
    defaultDropdownOpened: _defaultDropdownOpened,
    onDropdownClose: _onDropdownClose,
    onDropdownOpen: _onDropdownOpen,
    onChange: _onChange,
    data: _data,
    value: _value,
    defaultValue: _defaultValue,
    selectFirstOptionOnChange: _selectFirstOptionOnChange,
    selectFirstOptionOnDropdownOpen: _selectFirstOptionOnDropdownOpen,
    onOptionSubmit: _onOptionSubmit,
    comboboxProps: _comboboxProps,
    filter: _filter,
    limit: _limit,
    withScrollArea: _withScrollArea,
    maxDropdownHeight: _maxDropdownHeight,
    floatingHeight: _floatingHeight,
    searchable: _searchable,
    rightSection: _rightSection,
    checkIconPosition: _checkIconPosition,
    withCheckIcon: _withCheckIcon,
    withAlignedLabels: _withAlignedLabels,
    nothingFoundMessage: _nothingFoundMessage,
    name: _name,
    form: _form,
    searchValue: _searchValue,
    defaultSearchValue: _defaultSearchValue,
    onSearchChange: _onSearchChange,
    allowDeselect: _allowDeselect,
    rightSectionPointerEvents: _rightSectionPointerEvents,
    clearable: _clearable,
    clearSectionMode: _clearSectionMode,
    clearButtonProps: _clearButtonProps,
    hiddenInputProps: _hiddenInputProps,
    renderOption: _renderOption,
    onClear: _onClear,
    scrollAreaProps: _scrollAreaProps,
    chevronColor: _chevronColor,
    autoSelectOnBlur: _autoSelectOnBlur,
    openOnFocus: _openOnFocus,
    ...input
  } = props;
  return input;
}
