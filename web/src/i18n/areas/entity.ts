/** Registers the generic entity screens' texts (CRUD dialogs, each entity's fields and options); the pages that show them import this module first. */
import { addAreaTexts } from '../index';
import en from './entity.en';
import ja from './entity.ja';
import zh from './entity.zh';
import crudEn from './entityCrud.en';
import crudJa from './entityCrud.ja';
import crudZh from './entityCrud.zh';

addAreaTexts({ en, zh, ja });
addAreaTexts({ en: crudEn, zh: crudZh, ja: crudJa });
