package dataexport

import "socius/internal/locale"

// The printed copy speaks the reader's language: Spanish, or the staff
// user's when the request's Accept-Language names one of the app's seven.
// The JSON document has no words to translate (its keys are the API's).

// Languages are the printed copy's languages, in the order of each entry of
// words (locale.All).
var Languages = func() []string {
	out := make([]string, len(locale.All))
	for i, l := range locale.All {
		out[i] = string(l)
	}
	return out
}()

// Language picks the first of the app's languages an Accept-Language header
// names ("ca" and "cat" are Catalan), Spanish when it names none.
func Language(header string) string { return string(locale.Parse(header)) }

// word is a label of the dictionary in a language; an unknown label is
// printed as it is (a test keeps every label a section uses in the dictionary).
func word(lang, key string) string {
	w, ok := words[key]
	if !ok {
		return key
	}
	for i, l := range Languages {
		if l == lang {
			return w[i]
		}
	}
	return w[0]
}

// words holds every label of the printed copy: es, cat, it, pt, en, fr, de.
var words = map[string][7]string{
	"title":     {"Datos del socio nº %d: %s", "Dades del soci núm. %d: %s", "Dati del socio n. %d: %s", "Dados do sócio n.º %d: %s", "Data of member no. %d: %s", "Données du membre n° %d : %s", "Daten des Mitglieds Nr. %d: %s"},
	"generated": {"Generado el %s por %s", "Generat el %s per %s", "Generato il %s da %s", "Gerado em %s por %s", "Generated on %s by %s", "Généré le %s par %s", "Erstellt am %s von %s"},
	"intro": {"Copia de todos los datos que el club guarda sobre el socio (RGPD, artículos 15 y 20).",
		"Còpia de totes les dades que el club guarda sobre el soci (RGPD, articles 15 i 20).",
		"Copia di tutti i dati che il club conserva sul socio (GDPR, articoli 15 e 20).",
		"Cópia de todos os dados que o clube guarda sobre o sócio (RGPD, artigos 15.º e 20.º).",
		"A copy of all the data the club holds about the member (GDPR, articles 15 and 20).",
		"Copie de toutes les données que le club conserve sur le membre (RGPD, articles 15 et 20).",
		"Kopie aller Daten, die die Anbauvereinigung über das Mitglied speichert (DSGVO, Artikel 15 und 20)."},
	"empty": {"Nada registrado", "Res registrat", "Nessun dato registrato", "Nada registado", "Nothing recorded", "Rien d'enregistré", "Nichts erfasst"},
	"yes":   {"Sí", "Sí", "Sì", "Sim", "Yes", "Oui", "Ja"},
	"no":    {"No", "No", "No", "Não", "No", "Non", "Nein"},

	"section.member":         {"Ficha del socio", "Fitxa del soci", "Scheda del socio", "Ficha do sócio", "Member record", "Fiche du membre", "Mitgliedsakte"},
	"section.online_account": {"Cuenta online", "Compte en línia", "Account online", "Conta online", "Online account", "Compte en ligne", "Online-Konto"},
	"section.check_ins":      {"Entradas y salidas", "Entrades i sortides", "Entrate e uscite", "Entradas e saídas", "Check-ins and check-outs", "Entrées et sorties", "Check-ins und Check-outs"},
	"section.orders":         {"Pedidos", "Comandes", "Ordini", "Pedidos", "Orders", "Commandes", "Bestellungen"},
	"section.wallet":         {"Movimientos del monedero", "Moviments del moneder", "Movimenti del borsellino", "Movimentos da carteira", "Wallet movements", "Mouvements du porte-monnaie", "Bewegungen des Guthabens"},
	"section.consultations":  {"Consultas", "Consultes", "Consultazioni", "Consultas", "Consultations", "Consultations", "Anfragen"},
	"section.events":         {"Eventos a los que se apuntó", "Esdeveniments als quals es va apuntar", "Eventi a cui si è iscritto", "Eventos em que se inscreveu", "Events signed up for", "Événements auxquels il s'est inscrit", "Veranstaltungen, zu denen sich das Mitglied angemeldet hat"},
	"section.messages":       {"Mensajes enviados al socio", "Missatges enviats al soci", "Messaggi inviati al socio", "Mensagens enviadas ao sócio", "Messages sent to the member", "Messages envoyés au membre", "An das Mitglied gesendete Nachrichten"},
	"section.declarations":   {"Declaraciones de admisión", "Declaracions d'admissió", "Dichiarazioni di ammissione", "Declarações de admissão", "Admission declarations", "Déclarations d'admission", "Aufnahmeerklärungen"},

	"member.number":         {"Nº de socio", "Núm. de soci", "N. socio", "N.º de sócio", "Member no.", "N° de membre", "Mitgliedsnummer"},
	"member.nombre":         {"Nombre", "Nom", "Nome", "Nome", "First name", "Prénom", "Vorname"},
	"member.surname":        {"Apellidos", "Cognoms", "Cognomi", "Apelidos", "Surnames", "Noms", "Nachname"},
	"member.dni":            {"DNI / NIE", "DNI / NIE", "Documento d'identità", "Documento de identificação", "ID / NIE number", "Pièce d'identité", "Ausweisnummer"},
	"member.birthdate":      {"Fecha de nacimiento", "Data de naixement", "Data di nascita", "Data de nascimento", "Date of birth", "Date de naissance", "Geburtsdatum"},
	"member.email":          {"Email", "Correu electrònic", "Email", "Email", "Email", "E-mail", "E-Mail"},
	"member.telefono":       {"Teléfono", "Telèfon", "Telefono", "Telefone", "Phone", "Téléphone", "Telefon"},
	"member.address":        {"Dirección", "Adreça", "Indirizzo", "Morada", "Address", "Adresse", "Anschrift"},
	"member.type":           {"Tipo de socio", "Tipus de soci", "Tipo di socio", "Tipo de sócio", "Member type", "Type de membre", "Mitgliedsart"},
	"member.status":         {"Estado", "Estat", "Stato", "Estado", "Status", "Statut", "Status"},
	"member.created":        {"Alta", "Alta", "Iscrizione", "Inscrição", "Joined", "Inscription", "Aufnahme"},
	"member.end_date":       {"Fin de cuota", "Fi de quota", "Fine quota", "Fim da quota", "Fee paid until", "Fin de cotisation", "Beitrag bis"},
	"member.category":       {"Categoría", "Categoria", "Categoria", "Categoria", "Category", "Catégorie", "Kategorie"},
	"member.forecast":       {"Previsión de consumo (g/mes)", "Previsió de consum (g/mes)", "Previsione di consumo (g/mese)", "Previsão de consumo (g/mês)", "Consumption forecast (g/month)", "Prévision de consommation (g/mois)", "Verbrauchsprognose (g/Monat)"},
	"member.wallet":         {"Saldo del monedero", "Saldo del moneder", "Saldo del borsellino", "Saldo da carteira", "Wallet balance", "Solde du porte-monnaie", "Guthaben"},
	"member.negative":       {"Monedero en negativo permitido", "Moneder en negatiu permès", "Saldo negativo consentito", "Carteira negativa permitida", "Negative wallet allowed", "Porte-monnaie négatif autorisé", "Negatives Guthaben erlaubt"},
	"member.keychain":       {"Llavero", "Clauer", "Portachiavi", "Porta-chaves", "Key fob", "Porte-clés", "Schlüsselanhänger"},
	"member.notes":          {"Notas", "Notes", "Note", "Notas", "Notes", "Notes", "Notizen"},
	"member.is_staff":       {"Personal del club", "Personal del club", "Personale del club", "Pessoal do clube", "Club staff", "Personnel du club", "Vereinspersonal"},
	"member.roles":          {"Roles de personal", "Rols de personal", "Ruoli del personale", "Funções do pessoal", "Staff roles", "Rôles du personnel", "Personalrollen"},
	"member.online_account": {"Cuenta online", "Compte en línia", "Account online", "Conta online", "Online account", "Compte en ligne", "Online-Konto"},
	"member.photo":          {"Foto", "Foto", "Foto", "Fotografia", "Photo", "Photo", "Foto"},
	"member.signature":      {"Firma", "Signatura", "Firma", "Assinatura", "Signature", "Signature", "Unterschrift"},
	"member.documents":      {"Documentos", "Documents", "Documenti", "Documentos", "Documents", "Documents", "Dokumente"},
	"member.guarantors":     {"Socios avalistas", "Socis avaladors", "Soci garanti", "Sócios avalistas", "Guarantor members", "Membres parrains", "Bürgen"},
	"document.name":         {"Nombre", "Nom", "Nome", "Nome", "Name", "Nom", "Name"},
	"document.url":          {"Dirección del archivo", "Adreça del fitxer", "Indirizzo del file", "Endereço do ficheiro", "File address", "Adresse du fichier", "Adresse der Datei"},
	"guarantor.number":      {"Nº de socio", "Núm. de soci", "N. socio", "N.º de sócio", "Member no.", "N° de membre", "Mitgliedsnummer"},
	"guarantor.name":        {"Nombre", "Nom", "Nome", "Nome", "Name", "Nom", "Name"},
	"type.ludico":           {"Lúdico", "Lúdic", "Ludico", "Lúdico", "Recreational", "Récréatif", "Freizeitmitglied"},
	"type.terapeutico":      {"Terapéutico", "Terapèutic", "Terapeutico", "Terapêutico", "Therapeutic", "Thérapeutique", "Therapiemitglied"},
	"status.active":         {"Activo", "Actiu", "Attivo", "Ativo", "Active", "Actif", "Aktiv"},
	"status.inactive":       {"Inactivo", "Inactiu", "Inattivo", "Inativo", "Inactive", "Inactif", "Inaktiv"},

	"account.username":   {"Usuario", "Usuari", "Nome utente", "Utilizador", "Username", "Identifiant", "Benutzername"},
	"account.email":      {"Email", "Correu electrònic", "Email", "Email", "Email", "E-mail", "E-Mail"},
	"account.name":       {"Nombre", "Nom", "Nome", "Nome", "Name", "Nom", "Name"},
	"account.dni":        {"DNI / NIE", "DNI / NIE", "Documento d'identità", "Documento de identificação", "ID / NIE number", "Pièce d'identité", "Ausweisnummer"},
	"account.phone":      {"Teléfono", "Telèfon", "Telefono", "Telefone", "Phone", "Téléphone", "Telefon"},
	"account.birthdate":  {"Fecha de nacimiento", "Data de naixement", "Data di nascita", "Data de nascimento", "Date of birth", "Date de naissance", "Geburtsdatum"},
	"account.created":    {"Creada", "Creat", "Creato", "Criada", "Created", "Créé", "Erstellt"},
	"account.language":   {"Idioma de la app", "Idioma de l'app", "Lingua dell'app", "Idioma da app", "App language", "Langue de l'app", "Sprache der App"},
	"account.last_login": {"Último acceso", "Darrer accés", "Ultimo accesso", "Último acesso", "Last login", "Dernière connexion", "Letzte Anmeldung"},
	"account.activated":  {"Activada por su titular", "Activat pel titular", "Attivato dal titolare", "Ativada pelo titular", "Activated by its holder", "Activé par son titulaire", "Vom Mitglied selbst aktiviert"},
	"account.active":     {"Activa", "Actiu", "Attivo", "Ativa", "Active", "Actif", "Aktiv"},

	"declaration.signed_at":         {"Firmada", "Signada", "Firmata", "Assinada", "Signed", "Signée", "Unterschrieben"},
	"declaration.statement":         {"Declaración", "Declaració", "Dichiarazione", "Declaração", "Statement", "Déclaration", "Erklärung"},
	"declaration.staff":             {"Ante", "Davant de", "Davanti a", "Perante", "Witnessed by", "Devant", "Im Beisein von"},
	"declaration.not_in_other_club": {"No es socio de otra asociación", "No és soci d'una altra associació", "Non è socio di un'altra associazione", "Não é sócio de outra associação", "Not a member of another club", "N'est membre d'aucune autre association", "Nicht Mitglied einer anderen Anbauvereinigung"},
	"declaration.resident":          {"Reside en el país", "Resideix al país", "Risiede nel paese", "Reside no país", "Resident in the country", "Réside dans le pays", "Wohnsitz im Inland"},
	"declaration.habitual_use":      {"Consumidor habitual", "Consumidor habitual", "Consumatore abituale", "Consumidor habitual", "Habitual user", "Consommateur habituel", "Regelmäßiger Konsum"},

	"access.datetime": {"Fecha y hora", "Data i hora", "Data e ora", "Data e hora", "Date and time", "Date et heure", "Datum und Uhrzeit"},
	"access.action":   {"Movimiento", "Moviment", "Movimento", "Movimento", "Movement", "Mouvement", "Aktion"},
	"access.ENTRA":    {"Entrada", "Entrada", "Entrata", "Entrada", "Check-in", "Entrée", "Check-in"},
	"access.SALE":     {"Salida", "Sortida", "Uscita", "Saída", "Check-out", "Sortie", "Check-out"},

	"order.lines":      {"Líneas de los pedidos", "Línies de les comandes", "Righe degli ordini", "Linhas dos pedidos", "Order lines", "Lignes des commandes", "Positionen der Bestellungen"},
	"order.refunds":    {"Devoluciones", "Devolucions", "Rimborsi", "Devoluções", "Refunds", "Remboursements", "Rückerstattungen"},
	"order.id":         {"Pedido", "Comanda", "Ordine", "Pedido", "Order", "Commande", "Bestellung"},
	"order.date":       {"Fecha", "Data", "Data", "Data", "Date", "Date", "Datum"},
	"order.status":     {"Estado", "Estat", "Stato", "Estado", "Status", "Statut", "Status"},
	"order.pay_type":   {"Pago", "Pagament", "Pagamento", "Pagamento", "Payment", "Paiement", "Zahlungsart"},
	"order.total":      {"Total", "Total", "Totale", "Total", "Total", "Total", "Gesamt"},
	"order.refunded":   {"Devuelto", "Retornat", "Rimborsato", "Devolvido", "Refunded", "Remboursé", "Rückerstattet"},
	"order.staff":      {"Atendido por", "Atès per", "Servito da", "Atendido por", "Served by", "Servi par", "Bedient von"},
	"status.cart":      {"En proceso", "En procés", "In corso", "Em curso", "In process", "En cours", "In Bearbeitung"},
	"status.completed": {"Completado", "Completada", "Completato", "Concluído", "Completed", "Terminée", "Abgeschlossen"},
	"line.product":     {"Producto", "Producte", "Prodotto", "Produto", "Product", "Produit", "Produkt"},
	"line.quantity":    {"Cantidad", "Quantitat", "Quantità", "Quantidade", "Quantity", "Quantité", "Menge"},
	"line.grams":       {"Gramos", "Grams", "Grammi", "Gramas", "Grams", "Grammes", "Gramm"},
	"line.unit_price":  {"Precio", "Preu", "Prezzo", "Preço", "Price", "Prix", "Preis"},
	"line.total":       {"Total", "Total", "Totale", "Total", "Total", "Total", "Gesamt"},
	"line.refunded":    {"Cant. devuelta", "Quant. retornada", "Q.tà rimborsata", "Qtd. devolvida", "Qty refunded", "Qté remboursée", "Erstattete Menge"},
	"refund.date":      {"Fecha", "Data", "Data", "Data", "Date", "Date", "Datum"},
	"refund.amount":    {"Importe", "Import", "Importo", "Montante", "Amount", "Montant", "Betrag"},
	"refund.pay_type":  {"Método", "Mètode", "Metodo", "Método", "Method", "Méthode", "Zahlungsart"},
	"refund.staff":     {"Hecha por", "Feta per", "Fatto da", "Feita por", "Made by", "Fait par", "Durchgeführt von"},
	"refund.reason":    {"Motivo", "Motiu", "Motivo", "Motivo", "Reason", "Motif", "Grund"},
	"pay.cash":         {"Efectivo", "Efectiu", "Contanti", "Numerário", "Cash", "Espèces", "Bar"},
	"pay.tpv":          {"Tarjeta", "Targeta", "Carta", "Cartão", "Card", "Carte", "Karte"},
	"pay.wallet":       {"Monedero", "Moneder", "Borsellino", "Carteira", "Wallet", "Porte-monnaie", "Guthaben"},

	"wallet.date":      {"Fecha", "Data", "Data", "Data", "Date", "Date", "Datum"},
	"wallet.operation": {"Operación", "Operació", "Operazione", "Operação", "Operation", "Opération", "Vorgang"},
	"wallet.amount":    {"Importe", "Import", "Importo", "Montante", "Amount", "Montant", "Betrag"},
	"wallet.balance":   {"Saldo", "Saldo", "Saldo", "Saldo", "Balance", "Solde", "Saldo"},
	"wallet.pay_type":  {"Método", "Mètode", "Metodo", "Método", "Method", "Méthode", "Zahlungsart"},
	"wallet.staff":     {"Hecho por", "Fet per", "Fatto da", "Feito por", "Made by", "Fait par", "Durchgeführt von"},
	"wallet.add":       {"Recarga", "Recàrrega", "Ricarica", "Carregamento", "Top-up", "Recharge", "Aufladung"},
	"wallet.remove":    {"Corrección", "Correcció", "Correzione", "Correção", "Correction", "Correction", "Korrektur"},
	"wallet.order":     {"Pedido", "Comanda", "Ordine", "Pedido", "Order", "Commande", "Bestellung"},
	"wallet.refund":    {"Devolución", "Devolució", "Rimborso", "Devolução", "Refund", "Remboursement", "Rückerstattung"},

	"event.title":     {"Evento", "Esdeveniment", "Evento", "Evento", "Event", "Événement", "Veranstaltung"},
	"event.start":     {"Inicio", "Inici", "Inizio", "Início", "Starts", "Début", "Beginn"},
	"event.end":       {"Fin", "Fi", "Fine", "Fim", "Ends", "Fin", "Ende"},
	"event.signed_up": {"Se apuntó el", "Es va apuntar el", "Iscritto il", "Inscreveu-se em", "Signed up on", "Inscrit le", "Angemeldet am"},
	"channel.push":    {"Notificación push", "Notificació push", "Notifica push", "Notificação push", "Push notification", "Notification push", "Push-Benachrichtigung"},
	"channel.sms":     {"SMS", "SMS", "SMS", "SMS", "Text message", "SMS", "SMS"},
	"state.sent":      {"enviado", "enviat", "inviato", "enviada", "sent", "envoyé", "gesendet"},
	"state.not_sent":  {"no enviado", "no enviat", "non inviato", "não enviada", "not sent", "non envoyé", "nicht gesendet"},
	"state.failed":    {"fallido", "fallit", "non riuscito", "falhou", "failed", "échec", "fehlgeschlagen"},
}
