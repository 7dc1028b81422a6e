export { PhonebookPicker } from './phonebook-picker';
