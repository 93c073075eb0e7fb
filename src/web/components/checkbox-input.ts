// A checkbox's input props when the screen sets them itself (the theme's defaults then do not
// apply): its name, and "mixed" as the input's own indeterminate state, since browsers ignore
// aria-checked on a native checkbox.
export function checkboxInput(label: string, indeterminate = false) {
  return {
    'aria-label': label,
    'aria-checked': undefined,
    ref: (el: HTMLInputElement | null) => {
      if (el) el.indeterminate = indeterminate;
    },
  };
}
