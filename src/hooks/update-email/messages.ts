/** The email update's success text (the styled layer's presenter toasts it without the flow's code). */
export const UPDATE_EMAIL_SUCCESS = 'Email updated';
