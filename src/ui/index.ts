/** The portal's UI kit: every screen builds from these, styled only by the theme. */
export { Button, ButtonLink, buttonStyles, type ButtonProps, type ButtonVariant } from './button';
export { TextField, type TextFieldProps } from './text-field';
export { TextArea, type TextAreaProps } from './text-area';
export { PasswordField } from './password-field';
export { Checkbox, type CheckboxProps } from './checkbox';
export { RadioCardGroup, type RadioCardOption, type RadioCardGroupProps } from './radio-card-group';
export { Select, type SelectProps } from './select';
export { Modal, type ModalProps } from './modal';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { Spinner } from './spinner';
export { InlineSpinner } from './inline-spinner';
export { Alert, type AlertTone } from './alert';
export { PageHeading } from './page-heading';
export { Card } from './card';
export { ButtonRow } from './button-row';
export { TruncatedName, shortenName, SHORT_NAME_LENGTH } from './truncated-name';
export { ExternalLink } from './external-link';
