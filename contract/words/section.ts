/**
 * A section of the catalog: the English words of one part of the portal (a screen, the machine's
 * errors, a mail), written in ICU MessageFormat ("{name}", "{count, plural, one {…} other {…}}"),
 * and the name the other languages file them under. English stays with the code that shows it, so a
 * lazy screen's words load with the screen (decision 0033).
 */
export type Messages = Readonly<Record<string, string>>;
export type Section<N extends string = string, M extends Messages = Messages> = { readonly name: N; readonly en: M };

export const section = <const N extends string, const M extends Messages>(name: N, en: M): Section<N, M> => ({ name, en });

/** The keys of a section. */
export type KeyOf<S extends Section> = keyof S['en'] & string;
/** The values a message takes: words already worded (counts through formatCount, dates through time-words). */
export type Values = Readonly<Record<string, string | number>>;

/**
 * A text the machine (or any code that does not know the reader's language) hands to a view: the
 * key of a message in a known section and its values. Plain data, so the machine can keep it in its
 * snapshot; the view says it in the reader's language.
 */
export type Said<S extends Section> = { readonly key: KeyOf<S>; readonly values?: Values };
export const said = <S extends Section>(_section: S, key: KeyOf<S>, values?: Values): Said<S> => (values ? { key, values } : { key });
