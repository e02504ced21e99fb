import { describe, expect, it } from 'vitest';
import { asDigits, checkDigit, cleanLine, fitLine, isSpanishId, parseMrz, titleCase } from './mrz';

const TODAY = new Date(Date.UTC(2026, 0, 15));

// ICAO Doc 9303 specimens (Part 4 and 5, "Anna Maria Eriksson, Utopia") and the Spanish DNI 3.0
// specimen ("Carmen Española Española", 99999999R) as printed on the documents.
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const TD2 = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];
const DNI = ['IDESPBAA000589599999999R<<<<<<', '8001014F2501017ESP<<<<<<<<<<<7', 'ESPANOLA<ESPANOLA<<CARMEN<<<<<'];

describe('checkDigit (weights 7 3 1)', () => {
  it('matches the digits printed on the specimens', () => {
    expect(checkDigit('L898902C3')).toBe(6);
    expect(checkDigit('740812')).toBe(2);
    expect(checkDigit('120415')).toBe(9);
    expect(checkDigit('ZE184226B<<<<<')).toBe(1);
    expect(checkDigit('D23145890')).toBe(7);
    expect(checkDigit('BAA000589')).toBe(5);
    expect(checkDigit('<<<<<<')).toBe(0);
  });
});

describe('parseMrz on clean specimens', () => {
  it('reads a passport (TD3)', () => {
    const r = parseMrz(TD3.join('\n'), TODAY);
    expect(r).toMatchObject({
      format: 'TD3',
      documentCode: 'P',
      issuingState: 'UTO',
      documentNumber: 'L898902C3',
      personalNumber: 'ZE184226B',
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      nationality: 'UTO',
      birthDate: '1974-08-12',
      expiryDate: '2012-04-15',
      sex: 'F',
      idNumber: 'L898902C3',
      valid: true,
    });
    expect(r?.checks).toEqual({ documentNumber: true, birthDate: true, expiryDate: true, personalNumber: true, composite: true });
    expect(r?.verified).toBe('all');
  });

  it('reads an ID card (TD1) and a TD2 card', () => {
    expect(parseMrz(TD1.join('\n'), TODAY)).toMatchObject({
      format: 'TD1',
      documentNumber: 'D23145890',
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      birthDate: '1974-08-12',
      valid: true,
    });
    expect(parseMrz(TD2.join('\n'), TODAY)).toMatchObject({ format: 'TD2', documentNumber: 'D23145890', valid: true });
  });

  it('takes the DNI number, not the card number, from a Spanish DNI', () => {
    const r = parseMrz(DNI.join('\n'), TODAY);
    expect(r).toMatchObject({
      format: 'TD1',
      issuingState: 'ESP',
      documentNumber: 'BAA000589',
      personalNumber: '99999999R',
      idNumber: '99999999R',
      surname: 'ESPANOLA ESPANOLA',
      givenNames: 'CARMEN',
      birthDate: '1980-01-01',
      expiryDate: '2025-01-01',
      sex: 'F',
      valid: true,
    });
  });
});

describe('parseMrz on OCR output', () => {
  it('finds the zone among the other text of the card, with spaces and « for <', () => {
    const text = [
      'REINO DE ESPAÑA',
      'DOCUMENTO NACIONAL DE IDENTIDAD',
      'ESPAÑOLA ESPAÑOLA CARMEN 01 01 1980',
      'IDESP BAA000589 5 99999999R «««««',
      '8001014 F 2501017 ESP <<<<<<<<<<< 7',
      'ESPANOLA<ESPANOLA<<CARMEN<<<<<',
      '',
    ].join('\n');
    const r = parseMrz(text, TODAY);
    expect(r?.idNumber).toBe('99999999R');
    expect(r?.valid).toBe(true);
  });

  it('repairs look-alike letters in digits and lost fillers, guided by the check digits', () => {
    const noisy = [
      'IDESPBAA0OO589599999999R<<<<', // two 0 read as O, two fillers lost
      '8OO1014F25O1O17ESP<<<<<<<<<7', // O for 0 in the dates, fillers lost
      'ESPANOLA<ESPANOLA<<CARMEN<<<<<<<<', // extra fillers
    ].join('\n');
    const r = parseMrz(noisy, TODAY);
    expect(r).toMatchObject({
      documentNumber: 'BAA000589',
      idNumber: '99999999R',
      birthDate: '1980-01-01',
      expiryDate: '2025-01-01',
      givenNames: 'CARMEN',
      valid: true,
    });
  });

  it('prefers the commonest look-alike (O for 0) when a check digit allows several repairs', () => {
    const r = parseMrz([TD3[0], TD3[1].replace('L898902C3', 'L8989O2C3')].join('\n'), TODAY);
    expect(r?.documentNumber).toBe('L898902C3');
    expect(r?.valid).toBe(true);
  });

  it('accepts a lost composite digit only when the Spanish ID letter still guards the number', () => {
    // OCR engines tend to drop the digit that ends a long run of fillers.
    const lost = [DNI[0], '8001014F2501017ESP<<<<<<<<<<<', DNI[2]].join('\n');
    const r = parseMrz(lost, TODAY);
    expect(r?.checks.composite).toBeNull();
    expect(r?.valid).toBe(false);
    expect(r?.verified).toBe('partial');
    expect(r?.idNumber).toBe('99999999R');
    const wrongLetter = [DNI[0].replace('99999999R', '99999999A'), '8001014F2501017ESP<<<<<<<<<<<', DNI[2]].join('\n');
    expect(parseMrz(wrongLetter, TODAY)?.verified).toBe('failed');
  });

  it('says which check failed when a digit is wrong', () => {
    const wrong = [TD3[0], TD3[1].replace('7408122', '7408132')].join('\n');
    const r = parseMrz(wrong, TODAY);
    expect(r?.format).toBe('TD3');
    expect(r?.checks.birthDate).toBe(false);
    expect(r?.checks.composite).toBe(false);
    expect(r?.checks.documentNumber).toBe(true);
    expect(r?.valid).toBe(false);
  });

  it('ignores trailing noise after the names', () => {
    const r = parseMrz([TD1[0], TD1[1], 'ERIKSSON<<ANNA<MARIA<<<KK<<<<'].join('\n'), TODAY);
    expect(r?.givenNames).toBe('ANNA MARIA');
  });

  it('returns null when there is no zone', () => {
    expect(parseMrz('', TODAY)).toBeNull();
    expect(parseMrz('HELLO WORLD\nTHIS IS NOT A DOCUMENT', TODAY)).toBeNull();
    expect(parseMrz('<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<', TODAY)).toBeNull();
  });
});

describe('helpers', () => {
  it('cleans and fits lines', () => {
    expect(cleanLine(' p<uto eriksson«anna ')).toBe('P<UTOERIKSSON<ANNA');
    expect(fitLine('AB<<CD', 8)).toBe('AB<<<<CD');
    expect(fitLine('AB<<<<CD', 6)).toBe('AB<<CD');
    expect(fitLine('ABCDEFG', 5)).toBe('ABCDE');
    expect(asDigits('8OO1O14')).toBe('8001014');
  });

  it('validates Spanish DNI and NIE letters', () => {
    expect(isSpanishId('99999999R')).toBe(true);
    expect(isSpanishId('12345678Z')).toBe(true);
    expect(isSpanishId('12345678A')).toBe(false);
    expect(isSpanishId('X1234567L')).toBe(true);
    expect(isSpanishId('D23145890')).toBe(false);
  });

  it('title-cases names for the form', () => {
    expect(titleCase('ESPANOLA ESPANOLA')).toBe('Espanola Espanola');
    expect(titleCase('ANNA MARIA')).toBe('Anna Maria');
  });

  it('places two-digit birth years in the right century', () => {
    const young = parseMrz(TD3.join('\n').replace('7408122', `${'05'}0812${checkDigit('050812')}`), TODAY);
    expect(young?.birthDate).toBe('2005-08-12');
  });
});
