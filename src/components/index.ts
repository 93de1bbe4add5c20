export { Button, type ButtonProps, IconButton, type IconButtonProps } from './Button/Button';
export * from './Icon/Icon';
export { Modal, type ModalProps } from './Modal/Modal';
export { Spinner, type SpinnerProps } from './Spinner/Spinner';
