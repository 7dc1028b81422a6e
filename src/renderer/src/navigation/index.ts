export { isRoute, routes, useNavigation, type Route } from './navigation-store';
