/** Registers the generic entity screens' texts (CRUD dialogs, each entity's fields and options); the pages that show them import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import entityTexts from './entity.texts';
import entityCrudTexts from './entityCrud.texts';

addAreaTexts(bySide(entityTexts));
addAreaTexts(bySide(entityCrudTexts));
