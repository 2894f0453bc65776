import { useEffect, useId, useRef, useState } from 'preact/hooks';

export interface Suggestion {
  id: string;
  label: string;
  detail: string;
}

/**
 * A text box that suggests as you type (WAI-ARIA combobox): arrows move through the list, Enter
 * chooses, Escape closes. `value` is the chosen suggestion's id.
 */
export function PlaceInput(props: {
  label: string;
  name: string;
  initial?: Suggestion | undefined;
  suggest: (text: string) => Promise<Suggestion[]>;
  onChoose: (choice: Suggestion | undefined) => void;
}) {
  const id = useId();
  const [text, setText] = useState(props.initial?.label ?? '');
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    if (!open || text.trim().length < 2) {
      setOptions([]);
      return;
    }
    const round = ++asked.current;
    const timer = setTimeout(() => {
      props.suggest(text.trim()).then(
        (found) => {
          if (round !== asked.current) return;
          setOptions(found);
          setActive(found.length > 0 ? 0 : -1);
        },
        () => round === asked.current && setOptions([]),
      );
    }, 150);
    return () => clearTimeout(timer);
  }, [text, open]);

  const choose = (choice: Suggestion) => {
    setText(choice.label);
    setOpen(false);
    setOptions([]);
    props.onChoose(choice);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((a) => Math.min(a + 1, options.length - 1));
    else if (event.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (event.key === 'Enter' && open && options[active]) choose(options[active] as Suggestion);
    else if (event.key === 'Escape') setOpen(false);
    else return;
    event.preventDefault();
  };
  const expanded = open && options.length > 0;
  return (
    <div class="combobox">
      <label for={`${id}-input`}>{props.label}</label>
      <input
        id={`${id}-input`}
        name={props.name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-${active}` : undefined}
        autocomplete="off"
        required
        value={text}
        onInput={(event) => {
          setText((event.currentTarget as HTMLInputElement).value);
          setOpen(true);
          props.onChoose(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <div id={`${id}-list`} role="listbox" class="listbox" hidden={!expanded} aria-label={props.label}>
        {options.map((option, index) => (
          <div
            tabIndex={-1}
            class="option"
            key={option.id}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            <span>{option.label}</span> <small>{option.detail}</small>
          </div>
        ))}
      </div>
    </div>
  );
}
