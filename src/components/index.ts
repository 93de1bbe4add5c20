export { Button, type ButtonProps, IconButton, type IconButtonProps } from './Button/Button';
export { Spinner, type SpinnerProps } from './Spinner/Spinner';
