/**
 * The two form controls the toolbar and the settings share: a labelled checkbox and a
 * labelled choice from a fixed list (one markup, one behaviour, one place for styling).
 */

/** A checkbox with its label after it. */
export function CheckField(props: {
  label: string
  checked: boolean
  onChange(checked: boolean): void
  testId?: string
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        data-testid={props.testId}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.label}
    </label>
  )
}

/** A labelled `<select>` over fixed options. */
export function ChoiceField<T extends string>(props: {
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange(value: T): void
  testId?: string
}) {
  return (
    <label>
      {props.label}{' '}
      <select
        data-testid={props.testId}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}
